package dev.sft.e2e.apiserver.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

class PatchesTest {

  private static JsonNode json(String text) {
    return Serialization.unmarshal(text.replace('\'', '"'), JsonNode.class);
  }

  @Test
  void mergePatchReplacesArraysAndDeletesNulls() {
    JsonNode result = Patches.mergePatch(json("{'a':{'b':1,'c':2},'list':[1,2,3],'keep':true}"),
        json("{'a':{'b':null,'d':4},'list':[9]}"));
    assertThat(result).isEqualTo(json("{'a':{'c':2,'d':4},'list':[9],'keep':true}"));
  }

  @Test
  void strategicMergeMergesContainersEnvAndPortsByTheirKeys() {
    JsonNode current = json("{'spec':{'containers':[{'name':'spark','env':[{'name':'A','value':'1'}],"
        + "'ports':[{'containerPort':7077,'name':'rpc'}]},{'name':'side','image':'s'}]}}");
    JsonNode patch = json("{'spec':{'$setElementOrder/containers':[{'name':'spark'},{'name':'side'}],"
        + "'containers':[{'name':'spark','env':[{'name':'B','value':'2'}],'ports':[{'containerPort':8080}]},"
        + "{'name':'side','$patch':'delete'},{'name':'new','image':'n'}]}}");
    assertThat(Patches.strategicMergePatch(current, patch)).isEqualTo(json("{'spec':{'containers':["
        + "{'name':'spark','env':[{'name':'A','value':'1'},{'name':'B','value':'2'}],"
        + "'ports':[{'containerPort':7077,'name':'rpc'},{'containerPort':8080}]},{'name':'new','image':'n'}]}}"));
  }

  @Test
  void strategicMergeReplacesUnkeyedListsAndUnitesFinalizers() {
    JsonNode current = json("{'metadata':{'finalizers':['a']},'spec':{'args':['x','y']}}");
    JsonNode patch = json("{'metadata':{'finalizers':['b','a']},'spec':{'args':['z']}}");
    assertThat(Patches.strategicMergePatch(current, patch))
        .isEqualTo(json("{'metadata':{'finalizers':['a','b']},'spec':{'args':['z']}}"));
    JsonNode removal = json("{'metadata':{'$deleteFromPrimitiveList/finalizers':['a']}}");
    assertThat(Patches.strategicMergePatch(current, removal).path("metadata").path("finalizers"))
        .isEqualTo(json("[]"));
  }

  @Test
  void jsonPatchAppliesOperationsAndRejectsAFailedTest() {
    assertThat(Patches.jsonPatch(json("{'a':[1]}"), json("[{'op':'add','path':'/a/-','value':2}]")))
        .isEqualTo(json("{'a':[1,2]}"));
    assertThatThrownBy(() -> Patches.jsonPatch(json("{'a':1}"), json("[{'op':'test','path':'/a','value':2}]")))
        .isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> Patches.jsonPatch(json("{'a':1}"), json("{'op':'add'}")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
